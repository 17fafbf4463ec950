import { useEffect } from 'react';
import { App } from 'antd';
import { setErrorNotifier } from '../api/client';

/** Hands the API client the message API of the antd `<App>` context, so its toasts follow the theme. */
export function NotifierBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setErrorNotifier({ error: (text) => message.error(text) });
  }, [message]);
  return null;
}
