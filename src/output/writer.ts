// What every output is written through: a file or standard output, opened by the command line
// (cli/outputs.ts) and handed to the formats that write it themselves (the Parquet thread).

export interface RecordWriter {
  /** The path as given, or 'stdout'. */
  readonly name: string;
  /**
   * Writes whole records (text, or its UTF-8 bytes); rejects with an output-io XrayError (the file then
   * ends at a whole record), or PipeClosed. Resolves once the system has the bytes: their memory may then
   * be reused.
   */
  write(data: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}
