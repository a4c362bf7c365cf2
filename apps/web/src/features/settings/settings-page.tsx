import { useSearchParams } from 'react-router';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/auth';
import { ApiKeysSection } from './api-keys-section';
import { GeneralSection } from './general-section';
import { McpServersSection } from './mcp-servers-section';
import { ModelPricesSection } from './model-prices-section';
import { PlansSection } from './plans-section';
import { ProvidersSection } from './providers-section';
import { parseTab, tabQuery, visibleTabs, type TSettingsTab } from './settings-tabs';
import './settings.css';

function TabContent({ tab }: { tab: TSettingsTab }) {
  const user = useCurrentUser();
  switch (tab) {
    case 'providers':
      return <ProvidersSection />;
    case 'api-keys':
      return <ApiKeysSection />;
    case 'mcp-servers':
      return <McpServersSection />;
    case 'model-prices':
      return <ModelPricesSection />;
    case 'plans':
      return <PlansSection />;
    default:
      return <GeneralSection user={user} />;
  }
}

/** Settings in tabs, each deep-linkable as `/settings?tab=providers`. */
function SettingsPage() {
  const user = useCurrentUser();
  const isAdmin = user?.isAdmin ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = visibleTabs(isAdmin);
  const active = parseTab(searchParams.get('tab'), isAdmin);

  return (
    <>
      <PageHeader title="Settings" />
      <TabView
        className="settings-tabs"
        activeIndex={tabs.findIndex((tab) => tab.id === active)}
        onTabChange={(event) => {
          const tab = tabs[event.index];
          if (tab) setSearchParams(tabQuery(tab.id));
        }}
      >
        {tabs.map((tab) => (
          <TabPanel key={tab.id} header={tab.label} leftIcon={`${tab.icon} settings-tabs__icon`}>
            {tab.id === active ? <TabContent tab={tab.id} /> : null}
          </TabPanel>
        ))}
      </TabView>
      <ConfirmDialog className="confirm-dialog" />
    </>
  );
}

export default SettingsPage;
