/** The web app manifest: name, colours and icon, so a phone can keep the site on its home screen. */
import type { MetadataRoute } from "next";

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Beacon Hub",
    short_name: "Beacon Hub",
    description: "Spawn codes, mods and shared configuration documents for ARK: Survival Evolved.",
    start_url: "/",
    display: "standalone",
    background_color: "#020617",
    theme_color: "#020617",
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml" }],
  };
}
