import { AccountSettingsPage } from '@/web/features/account/pages/account-settings-page';
import { ProfilePage } from '@/web/features/account/pages/profile-page';
import { TwoFactorSetupPage } from '@/web/features/account/pages/two-factor-setup-page';
import { useRequiredUser } from '../session';

export function ProfileRoute() {
  return <ProfilePage user={useRequiredUser()} />;
}

export function AccountSettingsRoute() {
  return <AccountSettingsPage user={useRequiredUser()} />;
}

export function TwoFactorSetupRoute() {
  return <TwoFactorSetupPage user={useRequiredUser()} />;
}
