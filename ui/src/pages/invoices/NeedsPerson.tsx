import { INVOICE_UI as T } from '../../messages/invoices'

/** What needs a person, in words (the red border and text only repeat it): "Needs a person:" and each reason. */
export function NeedsPerson({ messages, className = '' }: { messages: string[]; className?: string }) {
  if (messages.length === 0) return null
  return (
    <div className={`rounded-lg border border-red-600 bg-red-50 p-2 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-200 ${className}`}>
      <p className="font-semibold">{T.needsPerson}</p>
      <ul className="list-disc pl-5">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  )
}
