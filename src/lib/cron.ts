/** True when Bun's cron parser accepts the expression (the settings check it; the backup schedule runs it). */
export function isValidCron(expression: string): boolean {
  try {
    Bun.cron.parse(expression, Date.now())
    return true
  } catch {
    return false
  }
}
