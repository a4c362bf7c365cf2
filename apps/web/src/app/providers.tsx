import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '../components/toast';
import { queryClient } from './query-client';
import { usePageSettled } from './shell/use-page-settled';

export function AppProviders({ children }: { children: ReactNode }) {
  const settled = usePageSettled();
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider load={settled}>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
