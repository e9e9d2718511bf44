/** A file's size as the CLI prints it: "1,523.4 MB". */
export const megabytes = (bytes: number): string => `${(bytes / 1e6).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
