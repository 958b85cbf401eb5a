//! What the payment gateway does to a payment on its own side (issue 19):
//! refunds made on its dashboard or by its auto-refund, and disputes
//! (chargebacks). Their news may come late, twice or out of order (webhooks
//! and the reconciliation's lists), so a status only ever moves forward:
//! [`AdjustmentStatus::may_follow`].

crate::status::stored_status! {
    /// Where an order stands at the gateway (Razorpay's words).
    pub enum OrderStatus ("order status") {
        /// Made; no payment tried yet.
        Created = "created",
        /// A payment was tried.
        Attempted = "attempted",
        /// A payment of it was captured.
        Paid = "paid",
    }
}

crate::status::stored_status! {
    /// Where a gateway's payment stands (Razorpay's words).
    pub enum GatewayPaymentStatus ("gateway payment status") {
        /// Started; the learner has not finished paying.
        Created = "created",
        /// The bank approved it; the money is ours only once we capture it.
        Authorized = "authorized",
        /// The money was taken.
        Captured = "captured",
        /// Taken, then refunded (in whole).
        Refunded = "refunded",
        /// The payment did not go through.
        Failed = "failed",
    }
}

impl GatewayPaymentStatus {
    /// Whether the money was taken (captured, refunded later or not).
    pub fn money_taken(self) -> bool {
        matches!(
            self,
            GatewayPaymentStatus::Captured | GatewayPaymentStatus::Refunded
        )
    }
}

crate::status::stored_status! {
    /// Where a gateway's refund stands (Razorpay's words).
    pub enum GatewayRefundStatus ("gateway refund status") {
        /// Accepted; a webhook (`refund.processed` / `refund.failed`) settles it.
        Pending = "pending",
        /// The money went back to the learner.
        Processed = "processed",
        /// The gateway could not return the money.
        Failed = "failed",
    }
}

crate::status::stored_status! {
    /// Where a dispute (chargeback) stands at the gateway (Razorpay's words).
    pub enum DisputeStatus ("dispute status") {
        /// Raised by the cardholder's bank.
        Open = "open",
        /// The gateway is reviewing it (evidence submitted).
        UnderReview = "under_review",
        /// Decided for the merchant.
        Won = "won",
        /// Decided for the cardholder: the money is gone.
        Lost = "lost",
        /// Closed without a decision against the merchant.
        Closed = "closed",
    }
}

/// A refund or a dispute of the gateway's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdjustmentKind {
    Refund,
    Dispute,
}

impl AdjustmentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AdjustmentKind::Refund => "refund",
            AdjustmentKind::Dispute => "dispute",
        }
    }

    pub fn parse(s: &str) -> Option<AdjustmentKind> {
        match s {
            "refund" => Some(AdjustmentKind::Refund),
            "dispute" => Some(AdjustmentKind::Dispute),
            _ => None,
        }
    }
}

/// Where a gateway's refund or dispute stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdjustmentStatus {
    /// A refund on its way.
    Pending,
    /// A refund done: the money went back.
    Processed,
    /// A refund the gateway could not make.
    Failed,
    /// A dispute raised by the cardholder's bank.
    Open,
    /// A dispute the gateway is reviewing (evidence submitted).
    UnderReview,
    /// A dispute decided for the merchant.
    Won,
    /// A dispute decided for the cardholder: the money is gone.
    Lost,
    /// A dispute closed without a decision against the merchant.
    Closed,
}

impl AdjustmentStatus {
    /// Every status, in order.
    pub const ALL: [AdjustmentStatus; 8] = [
        AdjustmentStatus::Pending,
        AdjustmentStatus::Processed,
        AdjustmentStatus::Failed,
        AdjustmentStatus::Open,
        AdjustmentStatus::UnderReview,
        AdjustmentStatus::Won,
        AdjustmentStatus::Lost,
        AdjustmentStatus::Closed,
    ];

    /// The name in the database and the gateway's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            AdjustmentStatus::Pending => "pending",
            AdjustmentStatus::Processed => "processed",
            AdjustmentStatus::Failed => "failed",
            AdjustmentStatus::Open => "open",
            AdjustmentStatus::UnderReview => "under_review",
            AdjustmentStatus::Won => "won",
            AdjustmentStatus::Lost => "lost",
            AdjustmentStatus::Closed => "closed",
        }
    }

    pub fn parse(s: &str) -> Option<AdjustmentStatus> {
        AdjustmentStatus::ALL.into_iter().find(|a| a.as_str() == s)
    }

    /// The kind of adjustment this status belongs to.
    pub fn kind(self) -> AdjustmentKind {
        match self {
            AdjustmentStatus::Pending | AdjustmentStatus::Processed | AdjustmentStatus::Failed => {
                AdjustmentKind::Refund
            }
            _ => AdjustmentKind::Dispute,
        }
    }

    /// Whether news of `self` may replace `from`: a refund pending →
    /// processed or failed; a dispute open → under review, won, lost or
    /// closed; under review → won, lost or closed. Nothing moves back, and
    /// a decided one stays decided.
    pub fn may_follow(self, from: AdjustmentStatus) -> bool {
        use AdjustmentStatus::*;
        matches!(
            (from, self),
            (Pending, Processed | Failed)
                | (Open, UnderReview | Won | Lost | Closed)
                | (UnderReview, Won | Lost | Closed)
        )
    }

    /// Whether reaching this status takes the money back from the books (a
    /// processed refund, a lost dispute).
    pub fn takes_money_back(self) -> bool {
        matches!(self, AdjustmentStatus::Processed | AdjustmentStatus::Lost)
    }

    /// Whether, in this status, the session's net is held from payouts (a
    /// refund on its way, a dispute not yet decided).
    pub fn holds_earnings(self) -> bool {
        matches!(
            self,
            AdjustmentStatus::Pending | AdjustmentStatus::Open | AdjustmentStatus::UnderReview
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_reads_back_as_itself() {
        for s in AdjustmentStatus::ALL {
            assert_eq!(AdjustmentStatus::parse(s.as_str()), Some(s));
            assert_eq!(AdjustmentKind::parse(s.kind().as_str()), Some(s.kind()));
        }
        assert_eq!(AdjustmentStatus::parse("OPEN"), None);
    }

    #[test]
    fn news_only_moves_forward_within_its_kind() {
        use AdjustmentStatus::*;
        let allowed: Vec<(AdjustmentStatus, AdjustmentStatus)> = AdjustmentStatus::ALL
            .into_iter()
            .flat_map(|from| AdjustmentStatus::ALL.into_iter().map(move |to| (from, to)))
            .filter(|(from, to)| to.may_follow(*from))
            .collect();
        assert_eq!(
            allowed,
            vec![
                (Pending, Processed),
                (Pending, Failed),
                (Open, UnderReview),
                (Open, Won),
                (Open, Lost),
                (Open, Closed),
                (UnderReview, Won),
                (UnderReview, Lost),
                (UnderReview, Closed),
            ]
        );
        for (from, to) in allowed {
            assert_eq!(from.kind(), to.kind(), "{from:?} → {to:?}");
            assert!(!from.may_follow(to), "no way back from {to:?} to {from:?}");
        }
    }

    #[test]
    fn money_goes_back_on_a_processed_refund_or_a_lost_dispute_and_is_held_while_open() {
        let back: Vec<_> = AdjustmentStatus::ALL
            .into_iter()
            .filter(|s| s.takes_money_back())
            .collect();
        assert_eq!(back, [AdjustmentStatus::Processed, AdjustmentStatus::Lost]);
        let held: Vec<_> = AdjustmentStatus::ALL
            .into_iter()
            .filter(|s| s.holds_earnings())
            .collect();
        assert_eq!(
            held,
            [
                AdjustmentStatus::Pending,
                AdjustmentStatus::Open,
                AdjustmentStatus::UnderReview
            ]
        );
    }
}
