// One line per event on stdout. Callers pass no secrets; the sink is swappable so tests can read the log.
export type LogSink = (line: string) => void
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

export function createLogger(sink: LogSink = (l) => console.log(l)): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) =>
    sink(`${new Date().toISOString()} ${level} ${message}${fields ? ' ' + JSON.stringify(fields) : ''}`)
  return {
    info: (m, f) => write('INFO', m, f),
    warn: (m, f) => write('WARN', m, f),
    error: (m, f) => write('ERROR', m, f),
  }
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
