import { useEffect } from "react";
import { toast, Toaster } from "sonner";
import { connectToaster } from "~/lib/toast";

/** Loaded on the first toast (see app/lib/toast.ts). */
export default function SonnerToaster({ theme }: { theme: "dark" | "light" }) {
  // Toaster (a child) subscribes in its own effect, which runs before this one: no toast is lost.
  useEffect(() => connectToaster((kind, title, options) => void toast[kind](title, options)), []);
  // sonner's plain colours follow our theme and keep AA contrast (its "rich" colours do not).
  return <Toaster position="top-center" closeButton theme={theme} />;
}
