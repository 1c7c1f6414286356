import { config } from "zod";

// The store's pages run under a CSP without 'unsafe-eval': zod's compiled parsers would be refused there,
// and its probe for them (`new Function`) is itself reported as a violation. Browsers parse without them;
// the server keeps them (they are faster). Imported first by every module that builds schemas.
if (typeof document !== "undefined") config({ jitless: true });
