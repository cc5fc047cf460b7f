/** Where Debian's Chromium lives (CHROMIUM_PATH overrides); undefined when it is not installed. */
export function chromiumPath(): string | undefined;
