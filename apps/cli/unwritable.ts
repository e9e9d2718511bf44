const WHY: Readonly<Record<string, string>> = {
  ENOENT: "its directory does not exist",
  ENOTDIR: "its directory does not exist",
  EACCES: "this process may not write there",
  EPERM: "this process may not write there",
  EROFS: "the file system is read-only",
  EISDIR: "it is a directory",
  ENOSPC: "no space left on the device",
};

/** Why a file could not be written, as an operator reads it; the system's own words for any other cause. */
export function whyUnwritable(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return (code && WHY[code]) ?? message;
}
