// Words of the Team Members and Create / Edit User dialogs (SPEC §2) that only the UI says; the
// server's own (created, updated, activated…) are MSG in src/contract/messages.ts.
export const TEAM = {
  title: 'Team Members',
  /** The Team page (Manager's menu). */
  pageTitle: 'Team',
  pageDescription: 'Who can sign in, their roles, and whether they are active.',
  empty: 'No team members found',
  unknown: 'Unknown',
  noEmail: 'No email',
  add: 'Add Team Member',
  createTitle: 'Create User',
  editTitle: 'Edit User',
  passwordHint: 'Minimum 8 characters',
  keepPasswordHint: 'Leave blank to keep the current password. Minimum 8 characters.',
  selectRole: 'Select a role',
  rolesLoadFailed: 'Failed to load roles',
} as const
