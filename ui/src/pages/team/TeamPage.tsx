import { PageHeader } from '../../components/PageHeader'
import { TeamDialogs, TeamList, useTeam } from '../../components/team/TeamMembersDialog'
import { TEAM } from '../../messages/team'

/** /manager/team: the team list as a page, from the Manager's menu (the dashboard's card opens the same list as a dialog). */
export default function TeamPage() {
  const team = useTeam(true)
  return (
    <section className="max-w-3xl">
      <PageHeader title={TEAM.pageTitle} description={TEAM.pageDescription} />
      <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
        <TeamList team={team} />
      </div>
      <TeamDialogs team={team} />
    </section>
  )
}
