/**
 * What the shell shares as `react-router-dom`: the part of the router API the product uses.
 * A shared module is never tree-shaken (any remote may ask for any export), so sharing the
 * package itself would ship all of react-router to every page; sharing this list lets webpack
 * drop the rest. The factory refuses to build an app that imports a name missing here
 * (assertRouterApi in ../index.mjs): add it to this list.
 */
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
