/**
 * An inline error line under a form or above a list; read out when it appears. `detail` (the
 * reason, when the screen's own line comes first) goes on its own line below the message.
 */
export function ErrorLine({ message, detail, id }: { message?: string | null; detail?: string | null; id?: string }) {
  if (!message) return null
  const box = 'rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
  if (!detail || detail === message)
    return (
      <p id={id} role="alert" className={box}>
        {message}
      </p>
    )
  return (
    <div id={id} role="alert" className={box}>
      <p className="font-medium">{message}</p>
      <p className="mt-0.5">{detail}</p>
    </div>
  )
}
