import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import {
  createLoadingBarController,
  loadingBarTiming,
  type TLoadingBarController,
  type TLoadingBarState,
} from './loading-bar.controller';

/**
 * Thin bar at the top during router navigations (including lazy route loading). Timing lives
 * in the controller; this component only feeds it the navigation state and draws.
 */
export function LoadingBar() {
  const navigating = useNavigation().state !== 'idle';
  const [bar, setBar] = useState<TLoadingBarState>({ progress: 0, visible: false });
  const controller = useRef<TLoadingBarController | null>(null);

  useEffect(() => {
    const instance = createLoadingBarController(setBar);
    controller.current = instance;
    return () => instance.dispose();
  }, []);

  useEffect(() => {
    if (navigating) controller.current?.start();
    else controller.current?.done();
  }, [navigating]);

  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label="Page loading"
      aria-hidden={!bar.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(bar.progress * 100)}
      style={{
        height: loadingBarTiming.heightPx,
        transform: `scaleX(${bar.progress})`,
        opacity: bar.visible ? 1 : 0,
        transition: `transform ${loadingBarTiming.tickMs}ms linear, opacity 300ms ease`,
      }}
    />
  );
}
