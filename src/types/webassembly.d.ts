// WebAssembly's JavaScript API, the part of it this project uses (the motif scan's module: classify.ts), as
// Node has it. TypeScript declares the API only in its DOM library, which would declare a browser's
// globals too.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
  }
  class Global {
    readonly value: number;
  }
}
