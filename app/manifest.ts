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
    // The SVG for browsers that draw it; PNGs (public/) for those that want raster icons.
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
}
