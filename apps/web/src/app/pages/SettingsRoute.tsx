import { UpiIdSettings } from '../../features/costs/components/UpiIdSettings';
import { PushControl } from '../../features/push/components/PushControl';
import { SettingsPage } from '../../features/settings/pages/SettingsPage';

/**
 * /settings: the settings feature's page with the push feature's "Push notifications on this
 * device" control and the costs feature's UPI ID; the features meet here, not in each other.
 */
export function SettingsRoute() {
  return <SettingsPage PushControl={PushControl} PaymentSettings={UpiIdSettings} />;
}
