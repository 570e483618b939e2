-- Q1.2, STRAIGHT_JOIN: the tables joined in the order written (lineorder, dim_date).
select straight_join sum(lo_extendedprice*lo_discount) as revenue
from lineorder
join dim_date on lo_orderdatekey = d_datekey
where d_yearmonthnum = 199401 and lo_discount between 4 and 6 and lo_quantity between 26 and 35;
