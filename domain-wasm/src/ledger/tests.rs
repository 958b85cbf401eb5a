use super::*;
use crate::commission::split;
use crate::refunds::refund_split;

#[test]
fn each_event_balances_and_moves_the_right_accounts() {
    let s = split(crate::money::Paise::saturating_from(150_000), 1500);
    let capture = capture_postings(7, &s);
    assert!(is_balanced(&capture));
    assert_eq!(
        capture,
        vec![
            Posting {
                account: Account::Gateway,
                mentor_id: None,
                amount_paise: 150_000
            },
            Posting {
                account: Account::Commission,
                mentor_id: None,
                amount_paise: -22_500
            },
            Posting {
                account: Account::Mentor,
                mentor_id: Some(7),
                amount_paise: -127_500
            },
        ]
    );
    let r = refund_split(150_000, 22_500, 0, 75_000);
    let refund = refund_postings(7, &r);
    assert!(is_balanced(&refund));
    assert_eq!(
        refund[2],
        Posting {
            account: Account::Gateway,
            mentor_id: None,
            amount_paise: -75_000
        }
    );
    for p in [
        overpayment_postings(500),
        overpayment_refund_postings(500),
        payout_postings(7, 1000),
        payout_paid_postings(7, 1000),
        payout_failed_postings(7, 1000),
    ] {
        assert_eq!(p.len(), 2);
        assert!(is_balanced(&p));
    }
    assert_eq!(payout_postings(7, 1000)[0].account, Account::Mentor);
    assert_eq!(
        payout_failed_postings(7, 1000)[1],
        Posting {
            account: Account::Mentor,
            mentor_id: Some(7),
            amount_paise: -1000
        }
    );
}

#[test]
fn zero_amounts_are_left_out() {
    // A free session: nothing to post.
    assert!(capture_postings(1, &split(crate::money::Paise::saturating_from(0), 1500)).is_empty());
    // No commission: gateway and mentor only.
    assert_eq!(
        capture_postings(1, &split(crate::money::Paise::saturating_from(1000), 0)).len(),
        2
    );
    assert!(payout_postings(1, 0).is_empty());
    assert!(!is_balanced(&[Posting {
        account: Account::Gateway,
        mentor_id: None,
        amount_paise: 0
    }]));
    assert!(!is_balanced(&[Posting {
        account: Account::Gateway,
        mentor_id: None,
        amount_paise: 5
    }]));
}

#[test]
fn account_names_round_trip() {
    for a in Account::ALL {
        assert_eq!(Account::parse(a.as_str()), Some(a));
    }
    assert_eq!(Account::PayoutsInTransit.as_str(), "payouts_in_transit");
    assert_eq!(Account::parse("cash"), None);
}

/// The ledger property test: random sequences of money events applied to
/// an in-memory ledger, as the API writes them.
mod properties {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;

    #[derive(Debug, Clone)]
    enum Event {
        /// A session of `price` paise with mentor `mentor` at `rate` bp is paid.
        Capture { mentor: i64, price: i64, rate: u32 },
        /// The learner paid `amount` more than the price of a booking.
        Overpay { amount: i64 },
        /// A refund of booking `pick` (modulo the bookings) of `share`‰ of what is left (at least 1 paisa).
        Refund { pick: usize, share: i64 },
        /// The overpayments are given back (`share`‰ of what is held for learners).
        RefundOverpayment { share: i64 },
        /// A payout of `share`‰ of mentor `mentor`'s credit balance, then paid or failed.
        Payout { mentor: i64, share: i64, paid: bool },
    }

    fn event() -> impl Strategy<Value = Event> {
        prop_oneof![
            4 => (1i64..=3, 0i64..=2_000_000, 0u32..=10_000)
                .prop_map(|(mentor, price, rate)| Event::Capture { mentor, price, rate }),
            1 => (1i64..=50_000).prop_map(|amount| Event::Overpay { amount }),
            3 => (any::<usize>(), 0i64..=1000).prop_map(|(pick, share)| Event::Refund { pick, share }),
            1 => (0i64..=1000).prop_map(|share| Event::RefundOverpayment { share }),
            2 => (1i64..=3, 0i64..=1000, any::<bool>())
                .prop_map(|(mentor, share, paid)| Event::Payout { mentor, share, paid }),
        ]
    }

    struct Booking {
        mentor: i64,
        split: crate::commission::Split,
        refunded: i64,
        commission_back: i64,
        mentor_back: i64,
    }

    #[derive(Default)]
    struct Ledger {
        balances: BTreeMap<(Account, Option<i64>), i64>,
        txns: usize,
        money_in: i64,
        money_out: i64,
    }

    impl Ledger {
        fn post(&mut self, postings: &[Posting]) -> Result<(), TestCaseError> {
            prop_assert!(is_balanced(postings), "unbalanced: {postings:?}");
            for p in postings {
                prop_assert!(p.amount_paise != 0);
                // Mentor ids on exactly the mentor-side accounts.
                prop_assert_eq!(
                    p.mentor_id.is_some(),
                    matches!(p.account, Account::Mentor | Account::PayoutsInTransit)
                );
                *self.balances.entry((p.account, p.mentor_id)).or_default() += p.amount_paise;
            }
            self.txns += usize::from(!postings.is_empty());
            Ok(())
        }

        fn balance(&self, account: Account, mentor: Option<i64>) -> i64 {
            self.balances.get(&(account, mentor)).copied().unwrap_or(0)
        }

        fn total(&self, account: Account) -> i64 {
            self.balances
                .iter()
                .filter(|((a, _), _)| *a == account)
                .map(|(_, v)| v)
                .sum()
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn the_ledger_always_balances(events in proptest::collection::vec(event(), 1..60)) {
            let mut ledger = Ledger::default();
            let mut bookings: Vec<Booking> = Vec::new();
            for e in events {
                match e {
                    Event::Capture { mentor, price, rate } => {
                        let split = crate::commission::split(crate::money::Paise::saturating_from(price), rate);
                        let postings = capture_postings(mentor, &split);
                        ledger.post(&postings)?;
                        ledger.money_in += price;
                        bookings.push(Booking { mentor, split, refunded: 0, commission_back: 0, mentor_back: 0 });
                    }
                    Event::Overpay { amount } => {
                        ledger.post(&overpayment_postings(amount))?;
                        ledger.money_in += amount;
                    }
                    Event::Refund { pick, share } => {
                        if bookings.is_empty() { continue; }
                        let i = pick % bookings.len();
                        let b = &mut bookings[i];
                        let left = b.split.price_paise - b.refunded;
                        if left <= 0 { continue; }
                        let amount = (left * share / 1000).max(1);
                        let s = crate::refunds::refund_split(b.split.price_paise, b.split.commission_paise, b.refunded, amount);
                        prop_assert_eq!(s.commission_paise + s.mentor_paise, amount);
                        let postings = refund_postings(b.mentor, &s);
                        b.refunded += amount;
                        b.commission_back += s.commission_paise;
                        b.mentor_back += s.mentor_paise;
                        ledger.post(&postings)?;
                        ledger.money_out += amount;
                    }
                    Event::RefundOverpayment { share } => {
                        let held = ledger.total(Account::LearnerCredit).saturating_neg();
                        let amount = held * share / 1000;
                        ledger.post(&overpayment_refund_postings(amount))?;
                        ledger.money_out += amount;
                    }
                    Event::Payout { mentor, share, paid } => {
                        let credit = -ledger.balance(Account::Mentor, Some(mentor));
                        let amount = credit.max(0) * share / 1000;
                        ledger.post(&payout_postings(mentor, amount))?;
                        prop_assert!(-ledger.balance(Account::PayoutsInTransit, Some(mentor)) >= amount);
                        if paid {
                            ledger.post(&payout_paid_postings(mentor, amount))?;
                            ledger.money_out += amount;
                        } else {
                            ledger.post(&payout_failed_postings(mentor, amount))?;
                            // A failed line returns the amount to the mentor.
                            prop_assert_eq!(-ledger.balance(Account::Mentor, Some(mentor)), credit);
                        }
                    }
                }
                // Every account together sums to zero.
                prop_assert_eq!(ledger.balances.values().sum::<i64>(), 0);
                // Money in = money out + what the gateway holds.
                prop_assert_eq!(ledger.money_in, ledger.money_out + ledger.total(Account::Gateway));
                // Nothing waits in transit: every payout was settled.
                prop_assert_eq!(ledger.total(Account::PayoutsInTransit), 0);
            }
            // Per booking: gross = commission + net; refunds never exceed the
            // capture; a full refund reverses exactly the commission.
            let mut commission = 0;
            for b in &bookings {
                prop_assert_eq!(b.split.commission_paise + b.split.mentor_paise, b.split.price_paise);
                prop_assert!(b.refunded <= b.split.price_paise);
                prop_assert!(b.commission_back <= b.split.commission_paise);
                prop_assert!(b.mentor_back <= b.split.mentor_paise);
                if b.refunded == b.split.price_paise {
                    prop_assert_eq!(b.commission_back, b.split.commission_paise);
                    prop_assert_eq!(b.mentor_back, b.split.mentor_paise);
                }
                commission += b.split.commission_paise - b.commission_back;
            }
            // The platform keeps the commission of what was not refunded.
            prop_assert_eq!(-ledger.total(Account::Commission), commission);
        }

        #[test]
        fn refunding_every_booking_in_full_reverses_the_commission(
            sales in proptest::collection::vec((0i64..=500_000, 0u32..=10_000, 1usize..=4), 1..10),
        ) {
            let mut ledger = Ledger::default();
            for (price, rate, pieces) in sales {
                let split = crate::commission::split(crate::money::Paise::saturating_from(price), rate);
                ledger.post(&capture_postings(1, &split))?;
                let mut before = 0;
                for k in 1..=pieces as i64 {
                    let upto = price * k / pieces as i64;
                    let r = crate::refunds::refund_split(price, split.commission_paise, before, upto - before);
                    ledger.post(&refund_postings(1, &r))?;
                    before = upto;
                }
            }
            for account in Account::ALL {
                prop_assert_eq!(ledger.total(account), 0, "{:?}", account);
            }
        }
    }
}
