import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTabs } from './tabs-store.ts';

/** /redirect/{path}: re-renders the target page (new mount) and returns to it. */
export default function RedirectPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const path = `/${params['*'] ?? ''}`;
    useTabs.getState().refresh(path);
    navigate(path + location.search, { replace: true });
  }, [params, location.search, navigate]);
  return null;
}
