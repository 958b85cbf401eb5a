import { OneByOne } from "../../components/OneByOne";
import { BusinessOffer } from "./BusinessOffer";
import { EliteMentors } from "./EliteMentors";
import { Faq } from "./Faq";
import { HowItWorks } from "./HowItWorks";
import { RecruitBlock } from "./RecruitBlock";
import { Testimonials } from "./Testimonials";

/**
 * The home page after the mentor explorer (SPEC §2 items 5–9): a chunk of
 * its own, fetched while the first screen renders, so that the first load
 * carries only what is seen first. Its sections mount one after another,
 * so none of them holds a phone's main thread for long.
 */
export default function HomeBelowFold() {
  return (
    <OneByOne>
      <Testimonials />
      <RecruitBlock />
      <HowItWorks />
      <BusinessOffer />
      <EliteMentors />
      <Faq />
    </OneByOne>
  );
}
