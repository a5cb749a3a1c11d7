import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@vton/shell-sdk';
import { authRequiredToast, emailVerifiedToast } from '../utils/notices';

/**
 * Spec §2, home page query parameters: verified=true and auth=required each show their toast,
 * clean the URL and go on to /auth. Renders nothing; the landing page itself is a remote's.
 */
export function LandingAuthNotices() {
  const location = useLocation();
  const navigate = useNavigate();
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;
    const params = new URLSearchParams(location.search);
    if (params.get('verified') === 'true') {
      toast(emailVerifiedToast);
      navigate('/auth?verified=true', { replace: true });
    } else if (params.get('auth') === 'required') {
      toast(authRequiredToast);
      navigate('/auth?redirect=required', { replace: true });
    }
  }, [location.key, location.search, navigate]);

  return null;
}
