/** An inline error line under a form or above a list; read out when it appears. */
export function ErrorLine({ message, id }: { message?: string | null; id?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      {message}
    </p>
  )
}
