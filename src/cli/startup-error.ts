// A start-up failure is one line: what failed, the path, and the fix. Never the stack or the bundle's
// source, which Bun prints for an uncaught error (in a container log that is kilobytes of noise).

interface SystemError {
  code?: string
  path?: string
  syscall?: string
  message?: string
}

const owner = () => (process.getuid ? `${process.getuid()}:${process.getgid?.() ?? process.getuid()}` : 'the RIMS user')

/** The line to print for an error that stopped RIMS before it could serve. */
export function startupErrorLine(error: unknown, dataDir = '<data folder>'): string {
  const e = (error ?? {}) as SystemError
  const path = e.path ? ` ${e.path}` : ''
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return `RIMS cannot write to${path} (permission denied). Give the data folder to the user RIMS runs as: chown -R ${owner()} ${dataDir}`
    case 'EROFS':
      return `RIMS cannot write to${path}: the file system is read-only. Point --data (RIMS_DATA_DIR) at a writable folder.`
    case 'ENOSPC':
      return `RIMS cannot write to${path}: the disk is full. Free some space (old backups in <data>/backups) and start again.`
    case 'ENOTDIR':
    case 'EEXIST':
      return `RIMS cannot use${path} as its data folder: a file is in the way. Point --data (RIMS_DATA_DIR) at a folder.`
  }
  const message = (e.message ?? String(error)).split('\n')[0]
  return `RIMS could not start: ${message}${path && !message.includes(e.path!) ? ` (${e.path})` : ''}`
}
