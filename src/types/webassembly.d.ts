// WebAssembly's JavaScript API, the part of it this project uses (the motif scan's and the tokenizer's modules: classify.ts, movetext.ts), as
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
    /** Adds pages of 64 KiB; the old buffer is detached. */
    grow(pages: number): number;
  }
  class Global {
    readonly value: number;
  }
}
