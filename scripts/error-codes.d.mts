export declare const DOC: string;
export declare function renderErrorCodes(
  codes: readonly string[],
  templateOf: (code: never) => string,
): string;
export declare function withErrorCodes(doc: string, list: string): string;
