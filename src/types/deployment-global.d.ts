/** Defined by webpack's DefinePlugin (webpack.config.js): the build's deployment settings, read with readDeployment. */
declare const ADS_DEPLOYMENT: unknown;
/**
 * Defined by webpack's DefinePlugin: false in a deployable build, where the service client allows no plain
 * http at all (and the minifier drops the loopback rule, so no file names this computer); true in local
 * and development builds; undefined outside webpack (Jest, tsx), where the rule stays.
 */
declare const ADS_LOOPBACK_HTTP: boolean | undefined;
