/** The restaurant's name with the RIMS mark. */
export function Brand({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className={`flex size-8 items-center justify-center rounded-lg ${inverted ? 'bg-white/15 text-white' : 'bg-brand-700 text-white dark:bg-brand-400 dark:text-slate-950'}`}>
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 7l8-4 8 4-8 4-8-4Z" />
          <path d="M4 12l8 4 8-4" />
          <path d="M4 17l8 4 8-4" />
        </svg>
      </span>
      <span className={`text-base font-semibold tracking-tight ${inverted ? 'text-white' : ''}`}>{name}</span>
    </span>
  )
}
