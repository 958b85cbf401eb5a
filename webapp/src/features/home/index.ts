/**
 * The home page's public entry: the app imports it from here only (`npm run
 * lint` enforces it). The page, the intro loading screen and the first-load
 * spinner are on the first load; everything below the explorer is its own
 * chunk (`HomeBelowFold`).
 */
export { FullScreenSpinner } from "./FullScreenSpinner";
export { HomePage, type HomePageProps } from "./HomePage";
export { runIntro } from "./intro";
