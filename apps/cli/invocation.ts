/** A command as the command line gave it: its arguments, then its options by name. */
export interface Invocation {
  readonly args: readonly string[];
  readonly options: Readonly<Record<string, string | boolean | undefined>>;
}

/** Where a command writes its lines (standard output). */
export type Out = (line: string) => void;

/** Refuses the command line (exit status 2): `missing` when an argument was not given, so that the command's usage follows. */
export type Refuse = (message: string, missing?: boolean) => never;
