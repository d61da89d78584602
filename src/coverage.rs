//! Rule-event coverage. (Placeholder.)
