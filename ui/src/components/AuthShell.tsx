import type { ReactNode } from 'react'
import { useDisplaySettings } from '../lib/display'
import { Brand } from './Brand'

/** The centred card of the public screens (forgot, reset, unauthorized, 404). */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { restaurant_name } = useDisplaySettings()
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <div className="mb-6">
        <Brand name={restaurant_name} />
      </div>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-4 text-xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
    </main>
  )
}
