import type { ReactNode } from 'react'

/** Small row-action buttons that still meet the 44 px touch target. */
export const actionClass = 'min-h-11 rounded-lg px-2.5 text-sm font-medium'
export function RowAction({ children, onClick, danger, label }: { children: ReactNode; onClick: () => void; danger?: boolean; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`${actionClass} whitespace-nowrap ${
        danger ? 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950' : 'text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800'
      }`}
    >
      {children}
    </button>
  )
}

/** Buttons in a row's actions: full width on phone cards, compact in the table. */
export const rowButton = 'flex-1 sm:flex-none sm:px-3'
