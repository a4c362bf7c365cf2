/** The settings tabs, in order, as they appear in `?tab=`; `general` is the bare /settings. */
export const SETTINGS_TABS = [
  { id: 'general', label: 'General', icon: 'pi pi-user', adminOnly: false },
  { id: 'providers', label: 'AI providers', icon: 'pi pi-server', adminOnly: false },
  { id: 'api-keys', label: 'API keys', icon: 'pi pi-key', adminOnly: false },
  { id: 'mcp-servers', label: 'MCP servers', icon: 'pi pi-sitemap', adminOnly: false },
  { id: 'model-prices', label: 'Model prices', icon: 'pi pi-dollar', adminOnly: true },
  { id: 'plans', label: 'Plans', icon: 'pi pi-credit-card', adminOnly: true },
] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export function visibleTabs(isAdmin: boolean) {
  return SETTINGS_TABS.filter((tab) => isAdmin || !tab.adminOnly);
}

/** The tab a URL asks for; unknown tabs, and the admin's tab for others, are the first one. */
export function parseTab(value: string | null, isAdmin: boolean): TSettingsTab {
  return visibleTabs(isAdmin).find((tab) => tab.id === value)?.id ?? 'general';
}

/** The URL query of a tab: the first tab has none, so /settings stays clean. */
export function tabQuery(tab: TSettingsTab): URLSearchParams {
  return new URLSearchParams(tab === 'general' ? {} : { tab });
}
