import { useCallback, useEffect, useState } from 'react'
import type { User } from '../../../../src/contract/auth'
import { MSG } from '../../../../src/contract/messages'
import { messageOr } from '../../api/client'
import { listUsers, setUserStatus } from '../../api/users'
import { UI } from '../../messages/common'
import { useSession } from '../../session/store'
import { Button } from '../Button'
import { ConfirmDialog } from '../ConfirmDialog'
import { ErrorLine } from '../ErrorLine'
import { Modal } from '../Modal'
import { Spinner } from '../Spinner'
import { toast } from '../toast'
import { CreateUserDialog, EditUserDialog } from './CreateUserDialog'
import { TEAM } from '../../messages/team'

/**
 * The team: everyone but the Manager's own account, with add, edit and activate/deactivate after the
 * spec's confirmation; the list reloads after every change. Shown in the Team Members dialog (SPEC §2,
 * from the dashboard) and on the Team page (the Manager's menu).
 */
export function useTeam(open: boolean, onChanged?: () => void) {
  const me = useSession()?.user.id
  const [users, setUsers] = useState<User[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<User | null>(null)
  const [toggling, setToggling] = useState<User | null>(null)

  useEffect(() => {
    if (!open) return
    const ctrl = new AbortController()
    setError(null)
    listUsers(ctrl.signal).then(
      (r) => setUsers(r.data.filter((u) => u.id !== me)),
      (err) => !ctrl.signal.aborted && setError(messageOr(err, MSG.teamLoadFailed)),
    )
    return () => ctrl.abort()
  }, [open, attempt, me])

  const reload = useCallback(() => {
    setAttempt((a) => a + 1)
    onChanged?.()
  }, [onChanged])

  async function toggle(u: User) {
    const activate = !u.is_active
    try {
      await setUserStatus(u.id, activate)
      toast({ kind: 'success', title: UI.successTitle, message: activate ? MSG.userActivated : MSG.userDeactivated })
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: messageOr(err, activate ? MSG.userActivateFailed : MSG.userDeactivateFailed) })
    }
    reload()
  }

  return { users, error, retry: () => setAttempt((a) => a + 1), adding, setAdding, editing, setEditing, toggling, setToggling, reload, toggle }
}
type Team = ReturnType<typeof useTeam>

const name = (u: User) => u.name?.trim() || TEAM.unknown

/** The Team Members dialog (SPEC §2). */
export function TeamMembersDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged?: () => void }) {
  const team = useTeam(open, onChanged)
  return (
    <>
      <Modal open={open} title={TEAM.title} onClose={onClose} size="lg">
        <TeamList team={team} />
      </Modal>
      {/* Siblings, not children, of the dialog above: Esc on one of them closes only that one. */}
      <TeamDialogs team={team} />
    </>
  )
}

/** The list with its Add button, loading and error states. */
export function TeamList({ team }: { team: Team }) {
  const { users, error, setAdding, setEditing, setToggling } = team
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
          {TEAM.add}
        </Button>
      </div>
      {error ? (
        <div className="space-y-3">
          <ErrorLine message={error} />
          <Button variant="secondary" onClick={team.retry}>
            {UI.retry}
          </Button>
        </div>
      ) : users === null ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading team members" />
        </div>
      ) : users.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">{TEAM.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={TEAM.title}>
          {users.map((u) => (
            <li key={u.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-user-email={u.email}>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{name(u)}</p>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400">{u.email?.trim() || TEAM.noEmail}</p>
                <p className="mt-1 flex flex-wrap gap-2 text-xs">
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200">{u.role_name || TEAM.unknown}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 font-medium ${u.is_active ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300'}`}
                  >
                    {u.is_active ? 'Active' : 'Inactive'}
                  </span>
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => setEditing(u)} aria-label={`Edit ${name(u)}`} aria-haspopup="dialog">
                  Edit
                </Button>
                <Button variant={u.is_active ? 'danger' : 'primary'} onClick={() => setToggling(u)} aria-label={`${u.is_active ? 'Deactivate' : 'Activate'} ${name(u)}`}>
                  {u.is_active ? 'Deactivate' : 'Activate'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Add, edit and the activate/deactivate confirmation. */
export function TeamDialogs({ team }: { team: Team }) {
  const { adding, setAdding, editing, setEditing, toggling, setToggling, reload, toggle } = team
  return (
    <>
      <CreateUserDialog open={adding} onClose={() => setAdding(false)} onCreated={reload} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.is_active ? 'Deactivate User' : 'Activate User'}
        message={toggling ? (toggling.is_active ? MSG.deactivateConfirm(name(toggling)) : MSG.activateConfirm(name(toggling))) : ''}
        confirmLabel={toggling?.is_active ? 'Deactivate' : 'Activate'}
        danger={toggling?.is_active}
        onConfirm={() => toggling && toggle(toggling)}
        onClose={() => setToggling(null)}
      />
    </>
  )
}
