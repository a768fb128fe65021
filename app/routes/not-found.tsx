import { data } from "react-router";

/** Any path the table does not know: root's boundary renders "Page Not Found" with the full page frame. */
export async function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export async function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFoundRoute() {
  return null;
}
