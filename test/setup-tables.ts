// Every test file's thread owns its tables, as a main thread does: built and installed once here, before
// any test imports the core (the core builds nothing by itself and throws when used without them).
import { installNewTables } from '../src/core/attacks.js';

installNewTables();
