import { Navigate } from 'react-router';
import { AccountingSettingsPage } from '@/web/features/accounting/pages/accounting-settings-page';
import { ProjectInvoicesPage } from '@/web/features/accounting/pages/project-invoices-page';
import { managesCompany } from '@/web/lib/access';
import { useRequiredUser } from '../session';

/** /projects/:projectId/invoices: approving is offered to owners and admins. */
export function ProjectInvoicesRoute() {
  return <ProjectInvoicesPage manager={managesCompany(useRequiredUser())} />;
}

/** /settings/accounting: the company's owner and admins only (the API refuses anyone else). */
export function AccountingSettingsRoute() {
  const user = useRequiredUser();
  if (!managesCompany(user)) return <Navigate to="/projects" replace />;
  return <AccountingSettingsPage />;
}
