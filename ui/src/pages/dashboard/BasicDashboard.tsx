import { useSession } from '../../session/store'
import { Hero, QuickActions } from './parts'

/** A custom role sees what every signed-in role sees (DECISIONS): the requests page and the profile. */
export default function BasicDashboard() {
  const user = useSession()?.user
  return (
    <div className="max-w-2xl">
      <Hero title={`Welcome back, ${user?.name ?? ''}!`} subtitle={user ? `Signed in as ${user.role_name}.` : undefined} />
      <QuickActions
        actions={[
          { label: 'Kitchen Requests', href: '/requests' },
          { label: 'Profile Settings', href: '/profile' },
        ]}
      />
    </div>
  )
}
