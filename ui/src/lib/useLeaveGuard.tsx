import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { openLeaveGuard } from './leaveGuard'

// Work typed but not saved asks before it is left: a reload or closing the tab through `beforeunload` (the browser's
// own question), a wouter navigation (links, navigate) through `guardedNav` (lib/leaveGuard, the Router's aroundNav),
// and Back or Forward by catching the popstate before wouter sees it (lib/leaveGuard too).

export const LEAVE_UI = {
  title: 'Leave without saving?',
  message: (what: string) => `${what} has changes that are not saved. They stay on this device as a draft until you save or discard them.`,
  leave: 'Leave',
  stay: 'Stay',
}

export interface LeaveGuard {
  /** Runs `leave` now when nothing is unsaved, else once the user agrees. */
  confirmLeave: (leave: () => void) => void
  /** Lets the next navigation through without asking (just saved or discarded: the state catches up on render). */
  release: () => void
  /** The confirm dialog, to render once in the screen. */
  dialog: ReactNode
}

/** Asks before leaving while `dirty`; `what` names the work in the question ("Recipe “Pasta”", "The shelf order"). */
export function useLeaveGuard(dirty: boolean, what: string): LeaveGuard {
  const dirtyRef = useRef(dirty)
  // Set once leaving is agreed (or the work saved): renders before the page is gone must not guard again.
  const leaving = useRef(false)
  const [pending, setPending] = useState<(() => void) | null>(null)
  useEffect(() => {
    leaving.current = false
  }, [dirty])
  useEffect(() => {
    dirtyRef.current = dirty && !leaving.current
  })

  const release = useCallback(() => {
    leaving.current = true
    dirtyRef.current = false
  }, [])
  const confirmLeave = useCallback((leave: () => void) => {
    if (!dirtyRef.current) return leave()
    setPending(() => leave)
  }, [])

  useEffect(() => {
    const close = openLeaveGuard({ dirty: () => dirtyRef.current, ask: confirmLeave })
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return
      e.preventDefault()
      e.returnValue = ''
    }
    addEventListener('beforeunload', onUnload)
    return () => {
      close()
      removeEventListener('beforeunload', onUnload)
    }
  }, [confirmLeave])

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={LEAVE_UI.title}
      message={LEAVE_UI.message(what)}
      confirmLabel={LEAVE_UI.leave}
      cancelLabel={LEAVE_UI.stay}
      onConfirm={() => {
        release()
        pending?.()
      }}
      onClose={() => setPending(null)}
    />
  )
  return { confirmLeave, release, dialog }
}
