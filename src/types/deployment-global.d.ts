/** Defined by webpack's DefinePlugin (webpack.config.js): the build's deployment settings, read with readDeployment. */
declare const ADS_DEPLOYMENT: unknown;
