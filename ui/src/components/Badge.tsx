import type { ReactNode } from 'react'

export type BadgeTone = 'warning' | 'success' | 'violet' | 'danger' | 'neutral' | 'info' | 'orange'
const BADGES: Record<BadgeTone, string> = {
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  violet: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  danger: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  neutral: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
}

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGES[tone]}`}>{children}</span>
}

/** 'PENDING' → 'Pending' (SPEC §4: statuses are shown case-insensitively). */
export const titleCase = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()
