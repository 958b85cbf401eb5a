/**
 * The home page FAQ (SPEC §2 item 9): fifteen questions written from the
 * product facts of SPEC §1 and §9. Every fact that other pages also state
 * (payment methods, refund and feedback windows, payouts, approval time)
 * comes from `facts.ts`, so the FAQ and the policies never disagree.
 *
 * Answers are plain text; a blank line ("\n\n") separates paragraphs, which
 * is also where the domain's preview rule prefers to cut.
 */
import {
  APPROVAL_TIME,
  COMMISSION_SUMMARY,
  FEEDBACK_WINDOW,
  PAYMENT_METHODS,
  PAYOUT_SUMMARY,
  REFUND_REVIEW_TIME,
  REFUND_WINDOW,
  REPLY_TIME,
} from "../../lib/facts";
import { siteName, mentorFieldsText } from "../../lib/domain";

export interface FaqEntry {
  /** Stable, used for element ids. */
  id: string;
  question: string;
  answer: string;
}

export const FAQS: readonly FaqEntry[] = [
  {
    id: "how-it-works",
    question: `How does ${siteName()} work?`,
    answer:
      `${siteName()} connects you with experienced mentors in ${mentorFieldsText()} fields for private one-on-one video sessions. ` +
      "Browse mentors by field, compare their experience, ratings and prices, open a profile to see their services and open slots, and book the time that suits you.\n\n" +
      "After you pay, your session is confirmed and the meeting link arrives by e-mail. There is nothing to install beyond a browser.",
  },
  {
    id: "payment-methods",
    question: "Which payment methods can I use?",
    answer:
      `You can pay with ${PAYMENT_METHODS}. Payments are processed by our card payment gateway, so your card or bank details never pass through our servers. ` +
      "Prices are shown in rupees on every mentor profile before you book.",
  },
  {
    id: "free-sessions",
    question: "Are there free sessions?",
    answer:
      "Yes. Many mentors offer a free first session so you can see whether you work well together before paying for more. " +
      "Look for the Free Session badge in the mentor explorer, or use the free-sessions filter on the mentor listing. Free sessions are booked like paid ones, just without the payment step.",
  },
  {
    id: "meeting-link",
    question: "How do I get the meeting link for my session?",
    answer:
      "As soon as your payment succeeds we send you a confirmation e-mail with the date, time and the video meeting link. Your mentor is notified at once. " +
      "The link is also shown with the booking in My Bookings. If it has not arrived within a few minutes, check your spam folder or contact support.",
  },
  {
    id: "refunds",
    question: "What if my mentor misses the session? How do refunds work?",
    answer:
      "If your mentor does not join or cancels, you choose between a full refund and rescheduling with the same mentor at no extra cost.\n\n" +
      `If a session took place but did not go as described, submit feedback within ${FEEDBACK_WINDOW} of it: we review what happened and may then grant a partial refund.\n\n` +
      `Refunds must be requested within ${REFUND_WINDOW} of the transaction date. We review each request and respond within ${REFUND_REVIEW_TIME}; approved refunds go back to the payment method you used. ` +
      "Sessions that have already begun or been used cannot otherwise be refunded. The refund policy has the details.",
  },
  {
    id: "reschedule",
    question: "Can I reschedule or cancel a booked session?",
    answer:
      "Yes, before the session begins. Open the booking in My Bookings and ask your mentor for another slot, or cancel it. " +
      `If you cancel a paid session before it starts, you can request a refund within ${REFUND_WINDOW} of the transaction date. ` +
      "A session cannot be cancelled for a refund once it has begun.",
  },
  {
    id: "choose-mentor",
    question: "How do I choose the right mentor?",
    answer:
      "Start from the goal you want help with, such as an interview, a promotion, a product launch or a fundraising round, and filter mentors by that field. " +
      "Each card shows the mentor's expertise, years of experience, rating and price; the profile adds their background, projects and services.\n\n" +
      "Top Mentor badges mark mentors rated above 4.5. If you are unsure, book a free first session where it is offered and decide after a short conversation.",
  },
  {
    id: "vetting",
    question: "Are the mentors verified?",
    answer:
      "Every mentor applies and is reviewed by our team before they can take a booking: we look at their experience, their profile and how they describe what they offer. " +
      `Applications are answered within ${APPROVAL_TIME}. Ratings come from mentees after real sessions, so you can see how others found them.`,
  },
  {
    id: "become-mentor",
    question: "How do I become a mentor?",
    answer:
      "Create an account, then apply from the Become a Mentor page with your experience, the topics you can help with and a short bio. " +
      `We review every application and reply within ${APPROVAL_TIME}.\n\n` +
      "Once approved, you publish your services, set your own price per session (or offer free sessions) and choose the hours you are available. Mentees book those slots and you receive an e-mail for each booking.",
  },
  {
    id: "payouts",
    question: "When and how are mentors paid?",
    answer:
      `Mentors are paid from confirmed bookings, minus ${COMMISSION_SUMMARY}. ${PAYOUT_SUMMARY}\n\n` +
      "Your dashboard shows every booking, what it earned and when it is due, so you always know what the next payout will contain.",
  },
  {
    id: "approval-time",
    question: "How long does mentor approval take?",
    answer:
      `We review applications within ${APPROVAL_TIME}. If something is missing, for example details of your experience, we write to you with what to add; ` +
      "otherwise you receive an approval e-mail and can publish your availability straight away.",
  },
  {
    id: "business",
    question: "Do you offer programmes for companies and teams?",
    answer:
      "Yes. For organisations we run corporate mentoring cohorts, CEO talks with founders and executives, strategy consulting with senior advisers, industry mentoring for specialists and startup and entrepreneurship support.\n\n" +
      "Each programme is shaped around your goals, team size and schedule. Tell us what you need through the Get Custom Quote form and we reply with a proposal and a price.",
  },
  {
    id: "account",
    question: "Do I need an account? Can I sign in with Google?",
    answer:
      "You can browse mentors and read profiles without an account. To book a session you need one: register with your e-mail address and verify it through the link we send, or sign in with your Google account in one step. " +
      "You can reset a forgotten password from the sign-in page at any time.",
  },
  {
    id: "privacy",
    question: "How is my personal data protected?",
    answer:
      "We collect only what we need to run your bookings: your name, e-mail address, contact number where you give it, your bookings and your feedback. " +
      "Payment details are handled by the payment gateway and never stored by us. Sessions are private between you and your mentor, and we never sell your data.\n\n" +
      "You can ask us to correct or delete your information at any time. The privacy policy explains what we collect, why, and for how long we keep it.",
  },
  {
    id: "support",
    question: "How do I contact support?",
    answer:
      `Use the contact form and we reply within ${REPLY_TIME}, including for questions about a booking, a payment, a refund or your mentor application. ` +
      "Companies interested in a programme for their team can use the Get Custom Quote form instead.",
  },
];
