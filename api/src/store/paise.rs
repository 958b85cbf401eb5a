//! Amounts of money at the store's edge: columns of integer paise decode
//! straight into [`Paise`], the crate's amount, which is never negative.
//!
//! A `NOT NULL` amount column is read with `#[sqlx(try_from = "i64")]`
//! (`Paise: TryFrom<i64>`), a nullable one with
//! `#[sqlx(try_from = "NullablePaise")]`; a negative stored amount is a
//! decoding error, as an unknown status is. Amounts are written as
//! [`Paise::to_i64`]. Signed sums (the ledger's debits and credits, a
//! mentor's balance) are not amounts and stay `i64`.

use domain_wasm::money::{NegativePaise, Paise};
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Type};

use super::StoreError;

/// A sum of amounts read on its own (`SELECT SUM(...)`) as an amount:
/// [`StoreError::Corrupt`] when it is negative.
pub(crate) fn amount(what: &'static str, paise: i64) -> Result<Paise, StoreError> {
    Paise::try_from(paise).map_err(|_| StoreError::Corrupt {
        what,
        value: paise.to_string(),
    })
}

/// A nullable amount column as read, before it becomes `Option<Paise>`.
pub struct NullablePaise(Option<i64>);

impl TryFrom<NullablePaise> for Option<Paise> {
    type Error = NegativePaise;

    fn try_from(stored: NullablePaise) -> Result<Self, NegativePaise> {
        stored.0.map(Paise::try_from).transpose()
    }
}

impl<DB: Database> Type<DB> for NullablePaise
where
    i64: Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <i64 as Type<DB>>::type_info()
    }

    fn compatible(ty: &DB::TypeInfo) -> bool {
        <i64 as Type<DB>>::compatible(ty)
    }
}

impl<'r, DB: Database> Decode<'r, DB> for NullablePaise
where
    Option<i64>: Decode<'r, DB>,
{
    fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(NullablePaise(<Option<i64> as Decode<'r, DB>>::decode(
            value,
        )?))
    }
}
