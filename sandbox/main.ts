/** Same as cli.ts (the `npm run sandbox` script runs cli.ts): http://127.0.0.1:4010, PORT overrides. */
import "./cli";
