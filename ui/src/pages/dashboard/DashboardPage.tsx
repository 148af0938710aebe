import { useSession } from '../../session/store'
import BasicDashboard from './BasicDashboard'
import ChefDashboard from './ChefDashboard'
import ManagerDashboard from './ManagerDashboard'
import StorekeeperDashboard from './StorekeeperDashboard'

// SPEC §2: the dashboard by the lowercased role name; a custom role gets the simple one. The four are
// small and share one lazy chunk (no second round trip); uPlot loads only with the Manager's trends, and the
// dialogs' code (team, user and request forms) when one first opens.
const BY_ROLE = { manager: ManagerDashboard, storekeeper: StorekeeperDashboard, chef: ChefDashboard }

export default function DashboardPage() {
  const role = useSession()?.user.role_name.toLowerCase() ?? ''
  const Page = BY_ROLE[role as keyof typeof BY_ROLE] ?? BasicDashboard
  return <Page />
}
