import { useRef, useState, type ReactNode } from 'react'
import { implausibleFigure, PLAUSIBLE_MSG, type ExpectedFigure, type Implausible } from '../../../src/contract/plausible'
import { useFormat } from '../lib/useFormat'
import { Button } from './Button'
import { Modal } from './Modal'

/** What the person chose: the figure to save (hundredths: the typed one or the suggestion), or null to go back. */
export type FigureAnswer = number | null

interface Pending {
  question: Implausible
  unit: string | null | undefined
  answer: (a: FigureAnswer) => void
}

/**
 * Issue 29.3: before a form saves a typed figure, `confirm(typed, figures, unit)` asks when it is more than 10
 * times what was expected (the contract's `implausibleFigure`): "250,246 bottles is more than 10 times the
 * balance of 250. Did you mean 246?" with Use 246 / Keep 250,246 bottles / Go back. A plausible figure answers
 * at once. Render `dialog` once in the form. Questions asked while one is open wait their turn.
 */
export function useFigureCheck(): {
  confirm: (typed: number, figures: readonly ExpectedFigure[], unit?: string | null, opts?: { suggest?: boolean }) => Promise<FigureAnswer>
  dialog: ReactNode
} {
  const [pending, setPending] = useState<Pending | null>(null)
  const queue = useRef<Promise<unknown>>(Promise.resolve())

  const confirm = (typed: number, figures: readonly ExpectedFigure[], unit?: string | null, opts: { suggest?: boolean } = {}) => {
    const found = implausibleFigure(typed, figures)
    if (!found) return Promise.resolve<FigureAnswer>(typed)
    const question = opts.suggest === false ? { ...found, suggestion: null } : found
    const asked = queue.current.then(() => new Promise<FigureAnswer>((resolve) => setPending({ question, unit, answer: resolve })))
    queue.current = asked
    return asked
  }

  const dialog = pending && (
    <FigureQuestion
      key={pending.question.typed}
      {...pending}
      answer={(a) => {
        setPending(null)
        pending.answer(a)
      }}
    />
  )
  return { confirm, dialog }
}

function FigureQuestion({ question, unit, answer }: Pending) {
  const f = useFormat()
  const typed = f.quantity(question.typed / 100, unit ?? undefined)
  const suggested = question.suggestion === null ? null : f.quantity(question.suggestion / 100)
  return (
    <Modal
      open
      title={PLAUSIBLE_MSG.title}
      size="sm"
      role="alertdialog"
      onClose={() => answer(null)}
      footer={
        <>
          <Button variant="secondary" onClick={() => answer(null)} data-autofocus>
            {PLAUSIBLE_MSG.back}
          </Button>
          <Button variant="secondary" onClick={() => answer(question.typed)}>
            {PLAUSIBLE_MSG.keep(typed)}
          </Button>
          {suggested !== null && <Button onClick={() => answer(question.suggestion)}>{PLAUSIBLE_MSG.use(suggested)}</Button>}
        </>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {PLAUSIBLE_MSG.question(typed, question.kind, f.quantity(question.expected / 100))}
        {suggested !== null && ` ${PLAUSIBLE_MSG.didYouMean(suggested)}`}
      </p>
    </Modal>
  )
}
