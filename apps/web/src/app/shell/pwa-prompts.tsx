import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from 'primereact/button';
import { useToast } from '../../components/toast';

const REFRESH_TOAST_ID = 'sw-need-refresh';

/**
 * Registers the service worker (`/sw.js`, scope `/`) and surfaces its two states as toasts:
 * offline-ready (informational) and needs-refresh (sticky, with a Reload action).
 */
export function PwaPrompts() {
  const toast = useToast();
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisterError: (error: unknown) => console.info('[pwa] registration failed', { error }),
  });

  useEffect(() => {
    if (!offlineReady) return;
    toast.show({
      severity: 'success',
      summary: 'Ready to work offline',
      detail: 'Flowsmith is cached on this device.',
      life: 5000,
    });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, toast]);

  useEffect(() => {
    if (!needRefresh) return;
    toast.show({
      id: REFRESH_TOAST_ID,
      severity: 'info',
      sticky: true,
      summary: 'A new version is available',
      content: (
        <div className="pwa-toast">
          <strong>A new version is available</strong>
          <span>Reload to use the latest Flowsmith.</span>
          <Button
            label="Reload"
            icon="pi pi-refresh"
            size="small"
            onClick={() => void updateServiceWorker(true)}
          />
        </div>
      ),
    });
  }, [needRefresh, toast, updateServiceWorker]);

  return null;
}
