// The one error the backup and restore operations throw for anything the operator can
// act on (wrong passphrase, damaged file, non-empty target, full disk): its message is
// printed as it is, without a stack.
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** Turns a file-system error into a BackupError that says what to do, or returns it unchanged. */
export function explainFsError(error: unknown, what: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new BackupError(
      `The disk is full while writing ${what}. Free some space and try again; nothing was replaced.`,
    );
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new BackupError(`Permission denied while writing ${what}. Choose a folder you may write to.`);
  }
  return error;
}
