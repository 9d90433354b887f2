/**
 * The Dashboard sheet, as the rest of the add-in uses it: the KPIs of the reports the planner picks,
 * each a formula over its report's table (made, or made again in place: dashboardMake.ts), and its
 * following of refreshes, chart switches and renames (dashboardFollow.ts).
 */
export {
  DASHBOARD_HEAD_FILL,
  dashboardCandidates,
  existingDashboard,
  writeDashboard,
  writeSetDashboard,
  type DashboardCandidate,
  type DashboardResult,
} from "./dashboardMake";
export { followRenamedReports, followReports } from "./dashboardFollow";
